/** GET /api/admin/operators (operator:admin): the operators page lists them, the audit log filters by them. */
import { queryOptions } from '@tanstack/react-query';
import type { Operator } from '@core/schemas/admin';
import { adminHttp } from './http';
import { OPERATORS_KEY } from './keys';

export { OPERATORS_KEY };

export const getOperators = (signal?: AbortSignal) => adminHttp.get<Operator[]>('/api/admin/operators', undefined, { signal });

export const operatorsQuery = () => queryOptions({ queryKey: OPERATORS_KEY, queryFn: ({ signal }) => getOperators(signal) });
