/** Constants of the help centre that the browser reads without the schemas (the footer's first load has no Zod). */

/** `category_id` of `GET /api/article/category` that names the whole help centre (spec section 7 calls it with 3). */
export const HELP_CENTRE_CATEGORY = 3;

/** Articles a news list shows on a page. */
export const POST_LIST_PER_PAGE = 10;
