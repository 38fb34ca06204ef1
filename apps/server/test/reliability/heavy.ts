/** RELIABILITY_HEAVY=1 selects the long runs (more buyers, more kills, more fuzz requests). */
export const heavy = process.env.RELIABILITY_HEAVY === '1'
