export function mountChains() {}
