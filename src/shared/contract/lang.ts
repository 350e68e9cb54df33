// The language field of the contracts, on its own so that the service worker's push schema does not pull in the
// date helpers of common.ts.
import { LANGS } from '../domain/route-table';
import { yup } from './yup';

export const langSchema = yup.string().oneOf(LANGS).default('vi');
