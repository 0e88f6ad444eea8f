/** The pager of a console table that shows one page of an answer (`current_page`, `per_page`, `total`). */
import type { TablePaginationConfig } from 'antd';

type PageAnswer = { current_page: number; per_page: number; total: number; last_page: number };

/**
 * Small, without a page-size changer, with the total in words (`共 N 条` unless `totalText` says otherwise) and a
 * page box once there are more than five pages. None before the first answer, nor (with `onlyWhenPaged`) while
 * everything fits on one page.
 */
export function answerPagination(
  answer: PageAnswer | undefined,
  onChange: (page: number) => void,
  { totalText = (total: number) => `共 ${total} 条`, onlyWhenPaged = false }: { totalText?: (total: number) => string; onlyWhenPaged?: boolean } = {},
): TablePaginationConfig | false {
  if (!answer || (onlyWhenPaged && answer.total <= answer.per_page)) return false;
  return {
    current: answer.current_page,
    pageSize: answer.per_page,
    total: answer.total,
    onChange,
    showSizeChanger: false,
    showQuickJumper: answer.last_page > 5,
    showTotal: totalText,
    size: 'small',
  };
}
