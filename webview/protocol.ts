// The messages between the panels and the extension, imported by both sides: one readonly tagged
// union per direction and panel, in a file per panel family under protocol/. int64 values travel as
// decimal strings (bigint cannot be structured-cloned); each side converts with BigInt() at its
// edge. The value lists and validators both sides share live there too; they import only the
// validator kit (pure, no DOM).
export type { BigintString } from './protocol/common';
export * from './protocol/contractResults';
export * from './protocol/detail';
