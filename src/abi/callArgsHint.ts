// What to type for a parameter, in one line (the prompt of the box the argument is typed in).
import { integerBounds } from './callArgsScalars';
import { argType, shownName, type ArgType } from './callArgsTypes';
import type { AbiParameter } from './types';

/** One line saying what to type ("uint256: a whole number from 0 to 2^256−1, decimal or 0x hex"). */
export function argumentHint(param: AbiParameter): string {
  try {
    const type = argType(param);
    return `${type.label}${internalNote(param, type)}: ${describe(type)}`;
  } catch {
    return 'a value of this parameter’s type';
  }
}

// An enum travels as uint8 and a contract as its address: the source's own name helps.
function internalNote(param: AbiParameter, type: ArgType): string {
  const internal = typeof param.internalType === 'string' ? param.internalType : '';
  const shown = shownName(internal);
  if (type.kind === 'int' && internal.startsWith('enum ')) return ` (${shown}: its option's position from 0)`;
  if (type.kind === 'address' && internal.startsWith('contract ')) return ` (${shown})`;
  return '';
}

function bound(value: bigint, bits: number): string {
  if (bits <= 64 || value === 0n) return value.toString();
  return value < 0n ? `−2^${bits - 1}` : `2^${value.toString(2).length}−1`;
}

function describe(type: ArgType): string {
  switch (type.kind) {
    case 'int': {
      const { min, max } = integerBounds(type.int);
      const sign = type.int.signed ? ' (a - before it for negative)' : '';
      return `a whole number from ${bound(min, type.int.bits)} to ${bound(max, type.int.bits)}, decimal or 0x hex${sign}`;
    }
    case 'address':
      return '0.0.1234 (or 0.0.1234-abcde), or 0x and 40 hex digits';
    case 'bool':
      return 'true or false';
    case 'fixedBytes':
      return `exactly ${type.size} byte${type.size === 1 ? '' : 's'}: 0x and ${type.size * 2} hex digits`;
    case 'bytes':
      return '0x and hex digits, two per byte (0x alone for none)';
    case 'string':
      return 'the text exactly as typed (spaces and quotes are part of it)';
    case 'function':
      return 'an address and a selector: 0x and 48 hex digits';
    case 'array': {
      const size = type.length === null ? '' : `exactly ${type.length} `;
      return `a JSON array of ${size}${items(type.element)}`;
    }
    case 'tuple': {
      const names = type.components.map((c, i) => (c.name ? shownName(c.name) : `#${i + 1}`));
      const byName = type.named ? ` or {"${names[0]}": …}` : '';
      return `JSON: [${names.join(', ')}] in this order${byName}`;
    }
    case 'unsupported':
      return type.reason;
  }
}

/** The items of an array, in words with an example. */
function items(element: ArgType): string {
  switch (element.kind) {
    case 'int':
      return `${element.label} (numbers or strings), e.g. [${element.int.signed ? '-1' : '1'}, "0x10"]`;
    case 'address':
      return 'addresses in quotes, e.g. ["0.0.1001", "0x…"]';
    case 'bool':
      return 'true or false, e.g. [true, false]';
    case 'string':
      return 'strings in quotes, e.g. ["first", "second"]';
    case 'array':
      return `arrays (${element.label}), e.g. [[…], […]]`;
    case 'tuple':
      return `${element.label} values, each [fields in order] or {by name}`;
    case 'unsupported':
      return element.reason;
    default:
      return `${element.label} in quotes (0x and hex digits)`;
  }
}
