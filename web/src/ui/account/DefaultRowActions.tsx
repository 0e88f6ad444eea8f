/**
 * The actions of one row in a list with a default (收货地址, 发票抬头): 设为默认 while it is not, 编辑, and 删除
 * after a confirmation that says what happens to the default. `{testId}-set-default`, `-edit`, `-delete`.
 */
import { App } from 'antd';
import './account-layout.css';

type Mutation = { mutateAsync: (id: number) => Promise<unknown>; isPending: boolean };

type Props = {
  id: number;
  isDefault: boolean;
  /** What a row is (收货地址), and its short name after 默认 (地址). */
  noun: string;
  short: string;
  /** A word more in the confirmation of a delete. */
  deleteNote?: string;
  setDefault: Mutation;
  remove: Mutation;
  onEdit: () => void;
  testId: string;
};

export function DefaultRowActions({ id, isDefault, noun, short, deleteNote = '', setDefault, remove, onEdit, testId }: Props) {
  const { modal, message } = App.useApp();
  const confirmDelete = () =>
    modal.confirm({
      title: `确定删除该${noun}吗?`,
      content: (isDefault ? `删除后，下一个${short}将成为默认${short}。` : '') + deleteNote || undefined,
      okText: '删除',
      cancelText: '取消',
      okButtonProps: { danger: true },
      centered: true,
      onOk: () =>
        remove.mutateAsync(id).then(
          () => void message.success(`已删除${noun}`),
          () => undefined,
        ),
    });
  return (
    <span className="yct-row-actions">
      {isDefault ? null : (
        <button
          type="button"
          className="yct-linkbtn yct-row-actions__default"
          disabled={setDefault.isPending}
          onClick={() =>
            setDefault.mutateAsync(id).then(
              () => void message.success(`已设为默认${short}`),
              () => undefined,
            )
          }
          data-testid={`${testId}-set-default`}
        >
          设为默认
        </button>
      )}
      <button type="button" className="yct-linkbtn" onClick={onEdit} data-testid={`${testId}-edit`}>
        编辑
      </button>
      <button type="button" className="yct-linkbtn" onClick={confirmDelete} data-testid={`${testId}-delete`}>
        删除
      </button>
    </span>
  );
}
