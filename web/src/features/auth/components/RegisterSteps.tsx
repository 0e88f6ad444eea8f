/** The step bar of registration: 1 设置登录信息 2 填写企业信息 3 上传资质. */
import { Steps } from 'antd';
import styles from '../auth.module.css';

const TITLES = ['设置登录信息', '填写企业信息', '上传资质'];

export function RegisterSteps({ current, done = false }: { current: number; done?: boolean }) {
  return (
    <div className={styles.steps} data-testid="register-steps">
      <Steps current={current} status={done ? 'finish' : 'process'} items={TITLES.map((title) => ({ title }))} />
    </div>
  );
}
