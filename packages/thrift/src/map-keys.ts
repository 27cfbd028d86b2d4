// Generated code keeps a Thrift map in a plain object and writes its keys with
// `for (const key in map)`, so numeric keys reach the protocol's writeByte/I16/I32/I64/Double as
// strings: the decimal text the generated reader made of them (an Int64's toString() is
// decimal). They are converted back here, exactly (an i64 key through BigInt, never rounded);
// a string that is not a decimal number is a TypeError naming it. (The `thrift` package's
// binary protocol reads an i64 key string as hex, so its map<i64, _> keys 10 and up come out
// wrong; its compact protocol reads them as decimal, as here.)

const INTEGER = /^-?\d+$/;

/** An integer key string as a number (range-checked by the write that follows). */
export function integerKey(key: string, type: string): number {
  if (!INTEGER.test(key))
    throw new TypeError(`${type} map key ${JSON.stringify(key.slice(0, 40))} is not a decimal integer`);
  return Number(key);
}

/** An i64 key string as a bigint (range-checked by the write that follows). */
export function int64Key(key: string): bigint {
  if (!INTEGER.test(key))
    throw new TypeError(`i64 map key ${JSON.stringify(key.slice(0, 40))} is not a decimal integer`);
  return BigInt(key);
}

/** A double key string as a number. */
export function doubleKey(key: string): number {
  const value = Number(key);
  if (key.trim() === "" || (Number.isNaN(value) && key !== "NaN"))
    throw new TypeError(`double map key ${JSON.stringify(key.slice(0, 40))} is not a number`);
  return value;
}
