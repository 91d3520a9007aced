// How a count reads in every message of the project: "1 test case", "3 test cases".

/** `n` and the noun, plural unless `n` is 1 (`many` for nouns whose plural is not noun + "s"). */
export function counted(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
