/** A number with at most `digits` decimals and no trailing zeros: (12.5049, 2) is "12.5". */
export const formatDecimals = (n: number, digits: number) => String(Number(n.toFixed(digits)));
