// The order rules' name for the shared rules' violation (rules/violations.ts).
export { at, isBlank, type RuleViolation as OrderViolation, violation } from '../rules/violations';
