/**
 * 后台任务: the jobs the server processes share, each with its period, next run and last run; 立即运行 makes one due
 * and a process runs it within seconds; a job's runs open in a drawer; an operator without job:read has no entry.
 */
import { expect, test } from '@playwright/test';
import { consoleLogin, still } from '../helpers';

test('admin sees the background jobs, runs 汇总商品销量 now and reads its runs', async ({ page }) => {
  await consoleLogin(page, 'admin');
  await page.getByTestId('admin-menu').getByRole('link', { name: '后台任务' }).click();
  await expect(page).toHaveURL(/\/admin\/jobs$/);
  await expect(page).toHaveTitle('后台任务 - 药采通运营后台');

  // The server registers its jobs when it starts.
  const table = page.getByTestId('jobs-table');
  const rows = table.locator('tbody tr.ant-table-row');
  for (const title of ['取消超时未付订单', '已发货订单自动完成', '汇总商品销量']) await expect(rows.filter({ hasText: title })).toHaveCount(1);
  const row = rows.filter({ hasText: '汇总商品销量' });
  await expect(row).toContainText('catalogue.fold_sales');
  await expect(row).toContainText(/每\d+(秒|分钟|小时|天)/);
  await expect(row.getByTestId('job-next')).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}|运行中/);

  const runs = async () => Number(await row.getByTestId('job-runs').textContent());
  const before = await runs();
  await row.getByTestId('job-run').click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: '运行' }).click();
  await expect(page.locator('.ant-message')).toContainText('已安排，几秒内由一个服务进程运行');

  // A process looks for due jobs every 5 s and the page fetches the list again every 10 s.
  await expect.poll(runs, { timeout: 30_000 }).toBeGreaterThan(before);
  await expect(row.getByTestId('job-last')).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
  await expect(row.getByTestId('job-last')).toContainText(/用时 .+处理\d+条/);
  await expect(row.getByTestId('job-outcome')).toHaveText('成功');
  await still(page, 'console-jobs');

  // Its runs, newest first: the one just made is there with the process that ran it.
  await row.getByTestId('job-title').click();
  const drawer = page.getByTestId('job-runs-drawer');
  await expect(drawer).toContainText('运行记录：汇总商品销量');
  const total = async () => Number((await drawer.locator('.ant-pagination-total-text').textContent())?.match(/\d+/)?.[0]);
  await expect.poll(total).toBeGreaterThan(before);
  const latest = drawer.getByTestId('job-runs-table').locator('tbody tr.ant-table-row').first();
  await expect(latest).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
  await expect(latest).toContainText('成功');
  await expect(latest.locator('td').nth(1)).toHaveText(/\S+:\d+:/);
  await still(page, 'console-jobs-runs');

  // Running one now is a console write like any other.
  await page.goto('/admin/audit?action=job.run');
  await expect(page.getByTestId('audit-table').locator('tbody tr.ant-table-row').first()).toContainText('job:catalogue.fold_sales');
});

test('ops, without job:read, has no 后台任务 in the menu and 无权限 on the page', async ({ page }) => {
  await consoleLogin(page, 'ops');
  const menu = page.getByTestId('admin-menu');
  await expect(menu).toContainText('商品管理');
  await expect(menu).not.toContainText('后台任务');
  await page.goto('/admin/jobs');
  await expect(page.getByTestId('admin-forbidden')).toContainText('无权限');
  await expect(page.getByTestId('jobs-table')).toHaveCount(0);
});
