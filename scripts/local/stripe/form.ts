/**
 * Stripe's request bodies and query strings: form-encoded with bracket keys
 * (`line_items[0][price]=…`, `lookup_keys[]=…`, `metadata[userId]=…`), as stripe-node sends them.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

export function parseForm(text: string): FormObject {
  const root: FormObject = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const [head = '', ...rest] = rawKey.split('[');
    const path = [head, ...rest.map((part) => part.replace(/\]$/, ''))];
    let node: FormObject | FormValue[] = root;
    for (let index = 0; index < path.length; index++) {
      const segment = path[index] as string;
      const last = index === path.length - 1;
      const nextIsArray = !last && /^\d*$/.test(path[index + 1] as string);
      if (Array.isArray(node)) {
        const position = segment === '' ? node.length : Number(segment);
        if (last) node[position] = value;
        else {
          node[position] ??= nextIsArray ? [] : {};
          node = node[position] as FormObject | FormValue[];
        }
      } else if (last) {
        node[segment] = value;
      } else {
        node[segment] ??= nextIsArray ? [] : {};
        node = node[segment] as FormObject | FormValue[];
      }
    }
  }
  return root;
}

export const str = (value: FormValue | undefined): string | undefined =>
  typeof value === 'string' ? value : undefined;

export const obj = (value: FormValue | undefined): FormObject =>
  value && typeof value === 'object' && !Array.isArray(value) ? value : {};

export const list = (value: FormValue | undefined): FormValue[] =>
  Array.isArray(value) ? value.filter((item) => item !== undefined) : value === undefined ? [] : [value];
