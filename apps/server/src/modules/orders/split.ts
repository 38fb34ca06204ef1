/**
 * Splits `totalCents` over units priced `unitPrices` in proportion to their prices, in whole
 * cents, so that the shares sum exactly to the total (largest remainder method).
 */
export function splitByPrice(unitPrices: readonly number[], totalCents: number): number[] {
  const subtotal = unitPrices.reduce((a, b) => a + b, 0)
  if (subtotal === 0) return unitPrices.map(() => 0)
  const exact = unitPrices.map((price) => BigInt(price) * BigInt(totalCents))
  const shares = exact.map((e) => Number(e / BigInt(subtotal)))
  let left = totalCents - shares.reduce((a, b) => a + b, 0)
  const byRemainder = exact
    .map((e, i) => ({ i, r: Number(e % BigInt(subtotal)) }))
    .sort((a, b) => b.r - a.r || a.i - b.i)
  for (const { i } of byRemainder) {
    if (left <= 0) break
    shares[i] = (shares[i] ?? 0) + 1
    left--
  }
  return shares
}
