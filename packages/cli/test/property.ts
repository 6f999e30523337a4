// One helper for seeded, replayable fast-check properties, shared with the rules' tests (where it lives).
export { assertProperty } from "../../rules/test/property.js";
