/** The site's content as an operator would have set it up: categories, nav, banners, help centre, settings. */
import type { BannerTheme, PackForm } from '../../core/schemas/drawings.js';

/** Top-level categories in menu order (the header menu shows the first 7) with their sub-categories. */
export const CATEGORY_TREE: { name: string; icon: string; children: string[] }[] = [
  { name: '抗感染药', icon: 'pill', children: ['青霉素类', '头孢类', '大环内酯类', '喹诺酮类', '抗厌氧菌', '抗真菌药', '抗病毒药'] },
  { name: '感冒呼吸', icon: 'lung', children: ['感冒药', '止咳化痰', '平喘药', '抗过敏药', '咽喉用药'] },
  { name: '解热镇痛', icon: 'thermo', children: ['解热镇痛药', '抗风湿药', '偏头痛'] },
  { name: '消化系统', icon: 'stomach', children: ['胃药', '止泻药', '通便药', '助消化药', '微生态制剂', '肝胆用药'] },
  { name: '心脑血管', icon: 'heart', children: ['降压药', '降脂药', '抗血栓药', '抗心绞痛', '改善循环'] },
  { name: '内分泌', icon: 'drop', children: ['降糖药', '甲状腺用药'] },
  { name: '中成药', icon: 'leaf', children: ['清热解毒', '补益类', '妇科用药', '儿科用药', '活血化瘀', '骨伤科用药'] },
  { name: '维生素矿物质', icon: 'vit', children: ['维生素', '钙补充剂', '微量元素'] },
  { name: '皮肤五官', icon: 'eye', children: ['皮肤用药', '眼科用药', '耳鼻喉用药', '口腔用药'] },
  { name: '医疗器械', icon: 'device', children: ['家用检测', '医用耗材', '消毒用品', '康复理疗'] },
  { name: '中药饮片', icon: 'herb', children: ['根茎类', '花叶类', '果实种子类'] },
  { name: '保健食品', icon: 'gift', children: ['营养补充'] },
];

/** The header nav (the first 9 show; children open in a pop-over). */
export const NAV: { name: string; url: string; isOpen?: number; children?: { name: string; url: string }[] }[] = [
  { name: '首页', url: '/' },
  { name: '每日特价', url: '/mrtj' },
  { name: '品牌专区', url: '/ppzq' },
  { name: '包邮专区', url: '/yx' },
  { name: '中药专区', url: '/zyyp' },
  { name: '器械专区', url: '/qxzq' },
  { name: '近效期专区', url: '/jxqzc' },
  {
    name: '活动中心',
    url: '',
    children: [
      { name: '满返活动', url: '/hb' },
      { name: '全场94折', url: '/welfare' },
      { name: '组合购买', url: '/zhzq' },
      { name: '年终采购节', url: '*#年终采购节将于12月1日开始，敬请期待' },
    ],
  },
  { name: '领券中心', url: '/lqzx' },
  { name: '积分商城', url: '/jfsc' },
  { name: '控销专区', url: '/kxzq' },
];

export const HOT_SEARCHES = ['阿莫西林', '连花清瘟', '布洛芬', '板蓝根', '奥美拉唑', '蒙脱石散', '维生素C', '医用口罩'];

/**
 * Banners by position; images are drawn by /api/img/banner.svg from the title, a colour, the activity's theme
 * (its palette and ornaments) and the packs it shows.
 */
export const ADS: {
  position: string;
  title: string;
  sub: string;
  colour: string;
  url: string;
  theme: BannerTheme;
  /** The packs the banner shows, and what they say. */
  goods: PackForm[];
  names?: string[];
  bannerId?: number;
}[] = [
  {
    position: 'index_banner',
    title: '年终采购节 满3000减150',
    sub: '全场药品满额立减，可叠加优惠券',
    colour: 'd7141e',
    url: '/hb',
    theme: 'festival',
    goods: ['capsule', 'bottle', 'granule'],
    names: ['阿莫西林胶囊', '急支糖浆', '感冒灵颗粒'],
  },
  {
    position: 'index_banner',
    title: '连花清瘟 品牌直供',
    sub: '以岭药业官方授权 正品保障',
    colour: '7b3fb0',
    url: '/search?keywords=连花清瘟',
    theme: 'brand',
    goods: ['granule', 'capsule'],
    names: ['连花清瘟颗粒', '连花清瘟胶囊'],
  },
  {
    position: 'index_banner',
    title: '全场94折 福利日',
    sub: '维生素、皮肤五官类商品享94折',
    colour: 'd35400',
    url: '/welfare',
    theme: 'discount',
    goods: ['jar', 'tablet', 'dropper'],
    names: ['维生素C咀嚼片', '复合维生素片', '珍珠明目滴眼液'],
  },
  {
    position: 'index_banner',
    title: '中药饮片专区',
    sub: '道地药材 源头直采',
    colour: '27ae60',
    url: '/zyyp',
    theme: 'tcm',
    goods: ['bag', 'bag', 'jar'],
    names: ['黄芪', '枸杞子', '三七粉'],
  },
  {
    position: 'top',
    title: '每日特价 天天低价',
    sub: '每天0点上新 每个账户限量抢购',
    colour: 'e4393c',
    url: '/mrtj',
    theme: 'daily',
    goods: ['capsule', 'bottle'],
    names: ['布洛芬缓释胶囊', '急支糖浆'],
  },
  {
    position: 'login',
    title: '药采通 医药采购一站式平台',
    sub: '3000+ 品种 · 正品保障 · 次日送达',
    colour: 'e4393c',
    url: '',
    theme: 'welcome',
    goods: ['tablet', 'bottle', 'bag'],
    names: ['维生素C片', '急支糖浆', '黄芪'],
  },
  { position: 'right', title: '领券中心', sub: '满 500 减 20', colour: 'e67e22', url: '/lqzx', theme: 'coupon', goods: ['granule'] },
  {
    position: 'ppzq',
    title: '品牌专区',
    sub: '百家药企 官方旗舰',
    colour: '8e44ad',
    url: '/ppzq',
    theme: 'brand',
    goods: ['capsule', 'granule', 'bottle'],
    names: ['连花清瘟胶囊', '感冒灵颗粒', '急支糖浆'],
  },
  {
    position: 'yx',
    title: '包邮专区',
    sub: '单品满件包邮',
    colour: '16a085',
    url: '/yx',
    theme: 'ship',
    goods: ['tablet', 'vial', 'granule'],
    names: ['阿奇霉素片', '双黄连口服液', '板蓝根颗粒'],
  },
  {
    position: 'zyzq',
    title: '中药专区',
    sub: '传承精华 守正创新',
    colour: '27ae60',
    url: '/zyyp',
    theme: 'tcm',
    goods: ['bag', 'granule', 'bag'],
    names: ['当归', '板蓝根颗粒', '菊花'],
  },
  {
    position: 'kxzq',
    title: '控销专区',
    sub: '区域独家 利润保障',
    colour: '2c3e50',
    url: '/kxzq/new',
    theme: 'control',
    goods: ['tablet', 'capsule', 'bottle'],
    names: ['硝苯地平缓释片', '头孢克肟胶囊', '强力枇杷露'],
  },
  {
    position: 'new_kxzq',
    title: '控销专区 全新升级',
    sub: '签约客户专享 区域保护 价格稳定',
    colour: '2c3e50',
    url: '',
    theme: 'control',
    goods: ['capsule', 'tablet', 'granule'],
  },
  {
    position: 'new_kxzq',
    title: '独家品种 控价不乱价',
    sub: '厂家直供 一店一码',
    colour: '34495e',
    url: '*#更多独家品种陆续上线，敬请期待',
    theme: 'new',
    goods: ['bottle', 'tablet', 'dropper'],
  },
  {
    position: 'qxzq',
    title: '器械专区',
    sub: '家用检测 医用耗材 一站购齐',
    colour: '2f6db5',
    url: '/qxzq',
    theme: 'device',
    goods: ['monitor', 'thermometer', 'mask'],
    names: ['电子血压计', '电子体温计', '医用外科口罩'],
  },
  {
    position: 'jxqzc',
    title: '近效期专场',
    sub: '效期不足6个月 低价清仓 售完即止',
    colour: '16a085',
    url: '/jxqzc',
    theme: 'expiry',
    goods: ['tablet', 'bottle', 'capsule'],
    names: ['甲硝唑片', '乳果糖口服溶液', '罗红霉素胶囊'],
  },
  {
    position: 'mrtj',
    title: '每日特价',
    sub: '每天0点上新 限量特惠',
    colour: 'e4393c',
    url: '/mrtj',
    theme: 'daily',
    goods: ['granule', 'capsule', 'jar'],
    names: ['蒙脱石散', '布洛芬缓释胶囊', '钙片'],
  },
  {
    position: 'welfare',
    title: '全场94折',
    sub: '维生素 皮肤五官 指定商品一律94折',
    colour: 'e67e22',
    url: '/welfare',
    theme: 'discount',
    goods: ['jar', 'tablet', 'dropper'],
    names: ['维生素C片', '钙片', '复方薄荷脑滴鼻液'],
  },
  {
    position: 'zhzq',
    title: '组合购',
    sub: '常备搭配 一键加购 立省10%',
    colour: '8e44ad',
    url: '/zhzq',
    theme: 'brand',
    goods: ['granule', 'capsule', 'mask'],
    names: ['感冒灵颗粒', '布洛芬缓释胶囊', '医用外科口罩'],
  },
  {
    position: 'hb',
    title: '满返专区',
    sub: '买满就返 红包直达账户',
    colour: 'e4393c',
    url: '/hb',
    theme: 'festival',
    goods: ['bottle', 'capsule', 'granule'],
    names: ['阿莫西林胶囊', '板蓝根颗粒', '强力枇杷露'],
  },
  {
    position: 'xrtj',
    title: '新人专享',
    sub: '注册认证送100元红包',
    colour: 'e4393c',
    url: '/register',
    theme: 'welcome',
    goods: ['jar', 'tablet'],
    names: ['蛋白粉', '维生素C片'],
  },
  {
    position: 'right',
    title: '年终采购节',
    sub: '满3000减150 可叠加券',
    colour: 'c0392b',
    url: '*#年终采购节将于12月1日开始，敬请期待',
    theme: 'festival',
    goods: ['capsule', 'bottle'],
  },
  // The home page's activity entrances: the banners of activity page 125.
  { position: 'tile', title: '满返专区', sub: '买满就返 最高返5%', colour: 'e4393c', url: '/hb', bannerId: 125, theme: 'festival', goods: [] },
  { position: 'tile', title: '全场94折', sub: '指定商品 天天94折', colour: 'e67e22', url: '/welfare', bannerId: 125, theme: 'discount', goods: [] },
  { position: 'tile', title: '组合购', sub: '搭配购买更优惠', colour: '8e44ad', url: '/zhzq', bannerId: 125, theme: 'brand', goods: ['granule'] },
  { position: 'tile', title: '近效期', sub: '低至3折 限量清仓', colour: '16a085', url: '/jxqzc', bannerId: 125, theme: 'expiry', goods: [] },
  { position: 'tile', title: '控销专区', sub: '签约客户专享', colour: '2c3e50', url: '/kxzq/new', bannerId: 125, theme: 'control', goods: [] },
  { position: 'tile', title: '包邮专区', sub: '单品满件包邮', colour: '2f6db5', url: '/yx', bannerId: 125, theme: 'ship', goods: [] },
];

/** Sections of the controlled-sale zone (/kxzq/new), one per category of controlled goods. */
export const KXZQ_SECTIONS: { category: string; title: string; sub: string; colour: string; goods: PackForm[]; names: string[] }[] = [
  {
    category: '抗感染药',
    title: '抗感染 控销精选',
    sub: '区域独家 利润空间大',
    colour: 'c0392b',
    goods: ['capsule', 'tablet'],
    names: ['头孢克肟胶囊', '左氧氟沙星片'],
  },
  {
    category: '感冒呼吸',
    title: '感冒呼吸 控销精选',
    sub: '季节热销 控价稳定',
    colour: '2f6db5',
    goods: ['granule', 'bottle'],
    names: ['感冒灵颗粒', '急支糖浆'],
  },
  {
    category: '消化系统',
    title: '消化系统 控销精选',
    sub: '品牌厂家 一店一码',
    colour: '16a085',
    goods: ['granule', 'tablet'],
    names: ['蒙脱石散', '多潘立酮片'],
  },
  {
    category: '心脑血管',
    title: '心脑血管 控销精选',
    sub: '慢病用药 复购率高',
    colour: '8e44ad',
    goods: ['tablet', 'capsule'],
    names: ['阿托伐他汀钙片', '银杏叶胶囊'],
  },
];

export const FRIENDLY_LINKS: { name: string; url: string }[] = [
  { name: '国家药品监督管理局', url: 'https://www.nmpa.gov.cn' },
  { name: '国家卫生健康委员会', url: 'https://www.nhc.gov.cn' },
  { name: '中国医药商业协会', url: 'https://www.capc.org.cn' },
  { name: '国家医疗保障局', url: 'https://www.nhsa.gov.cn' },
];

export const BUSINESS_SCOPES = [
  '处方药',
  '甲类非处方药',
  '乙类非处方药',
  '中成药',
  '化学药制剂',
  '抗生素制剂',
  '生化药品',
  '生物制品（除疫苗）',
  '中药饮片',
  '医疗器械',
  '保健食品',
  '消毒用品',
  '冷藏药品',
];

/** Site settings (`site_config`): the header, footer and the `common_config` of the user object. */
export const SITE_CONFIG: Record<string, string> = {
  title: '药采通',
  hot_line: '400-820-3366',
  qq1: '800012345',
  qq2: '800012346',
  quality_inspection_url: '/zjbg',
  quality_inspection_msg: '质检报告查询',
  wechat_qr: 'https://m.yaocaitong.cn/wechat',
  mini_qr: 'https://m.yaocaitong.cn/mini',
  licences: JSON.stringify([
    { name: '药品经营许可证', number: '浙AA5710001' },
    { name: '互联网药品信息服务资格证书', number: '(浙)-经营性-2024-0088' },
    { name: '医疗器械经营许可证', number: '浙杭食药监械经营许20240166号' },
    { name: '第二类医疗器械经营备案凭证', number: '浙杭食药监械经营备20240213号' },
  ]),
  notice: '本网站不发布麻醉药品、精神药品、医疗用毒性药品、放射性药品、戒毒药品和医疗机构制剂的产品信息',
  copyright: '© 2026 药采通 浙ICP备2024012345号-1',
  // Shipping (DESIGN.md section 7, pricing step 7), in fen: an order ships free from ¥800.00, else ¥10.00.
  shipping_amount: '1000',
  no_trans_order_amount: '80000',
  // The red packet may pay up to this percent of an order; a credit bill is due this many days after the order.
  red_packet_share: '10',
  credit_days: '30',
  // Units of one goods containing ephedrine an order may hold.
  ephedrine_max_number: '200',
  // Bank transfer (对公转账) details shown on the pay page.
  bank_name: '中国工商银行杭州高新支行',
  bank_account_name: '浙江药采通医药科技有限公司',
  bank_account_no: '1202 0215 0990 0123 456',
  // The seller electronic invoices name (开票设置; the rates of the goods classes keep their defaults).
  invoice_seller: '浙江药采通医药科技有限公司',
  invoice_seller_tax_no: '91330106MA2H4R7K3X',
};
