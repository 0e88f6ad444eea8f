/** The e-contract (电子合同) a buyer signs before the first order (code 459 sends the browser to /dzht). */
import { desc } from 'drizzle-orm';
import type { Contract } from '../../../core/schemas/trade.js';
import type { Db } from '../../db/client.js';
import { contractTexts } from '../../db/schema/orders.js';
import type { SessionUser } from '../../http/auth.js';
import { markContractSigned } from '../accounts/index.js';
import { requireApproved } from './checkout.js';

const seconds = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);

/** The e-contract and whether the account signed it. */
export async function contract(db: Db, user: SessionUser): Promise<Contract> {
  const [text] = await db.select().from(contractTexts).orderBy(desc(contractTexts.id)).limit(1);
  return {
    title: text?.title ?? '药品采购服务协议',
    content: text?.content ?? '',
    version: text?.version ?? '',
    company: user.company,
    signed: user.contractSignedAt ? 1 : 0,
    signed_at: seconds(user.contractSignedAt),
  };
}

/** 签署: records the signature once (signing again changes nothing) and answers the contract. */
export async function signContract(db: Db, user: SessionUser): Promise<Contract> {
  requireApproved(user);
  return contract(db, user.contractSignedAt ? user : await markContractSigned(db, user.id));
}
