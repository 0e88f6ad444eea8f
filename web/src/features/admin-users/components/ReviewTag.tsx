import { Tag } from 'antd';

type Reviewed = { is_passed: number; register_step: number };

/** 待审核 only once the licences are in; before that the buyer is still registering. */
export function ReviewTag({ user }: { user: Reviewed }) {
  if (user.is_passed === 1) return <Tag color="green">已通过</Tag>;
  if (user.is_passed === 2) return <Tag color="red">已驳回</Tag>;
  if (user.register_step < 3) return <Tag>注册中（第{user.register_step}步）</Tag>;
  return <Tag color="orange">待审核</Tag>;
}
