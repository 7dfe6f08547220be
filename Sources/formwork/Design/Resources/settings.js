export function mountSettings() {}
