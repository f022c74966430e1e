// Input a command or a library cannot work with, said the same way by every package: one
// error class whose message is one line naming the file and the place, and the "Did you
// mean …?" hint for a mistyped name. The CLI answers it with exit code 2.
export { UnusableInputError, place } from "./unusable-input.js";
export { closest, didYouMean } from "./did-you-mean.js";
// A choice named once on the command line, in its spelling or an old one that still works.
export { namedOnce, type Spelling } from "./named-once.js";
export { documentArgument } from "./document-argument.js";
