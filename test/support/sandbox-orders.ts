import { z } from 'zod';
import { SandboxOrder } from '../../lib/core/api/sandbox';

/** `GET /__sandbox/orders`: every order the sandbox has seen, accepted or refused. */
export const SandboxOrders = z.array(SandboxOrder);
