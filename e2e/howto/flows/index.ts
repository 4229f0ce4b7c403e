// The five how-to flows, in the order of their files (howto-1 … howto-5); one module per flow.
import type { Flow } from './common';
import { deposit } from './deposit';
import { invite } from './invite';
import { register } from './register';
import { transfer } from './transfer';
import { withdraw } from './withdraw';

export type { Flow } from './common';

export const FLOWS: Flow[] = [register, deposit, withdraw, transfer, invite];
