// What both authorization suites start from: the payment testbed with the demo wallet's route
// (so every route of the contract exists), and two customers with €500 and a session each.
import {
  type Customer,
  createCustomers,
  createPaymentTestbed,
  type PaymentTestbed,
} from '../../kit/index.js'

export interface AuthorizationTestbed {
  bed: PaymentTestbed
  /** The customer whose ids and codes the other one tries. */
  owner: Customer
  stranger: Customer
}

export async function createAuthorizationTestbed(): Promise<AuthorizationTestbed> {
  const bed = await createPaymentTestbed({ demoWallet: true })
  const [owner, stranger] = await createCustomers(bed.t.database.db, bed.t.services, 2, 50_000)
  if (!owner || !stranger) throw new Error('no customers')
  return { bed, owner, stranger }
}
