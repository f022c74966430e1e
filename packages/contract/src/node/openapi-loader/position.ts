// Where a node of a document file sits, as every reader of one reports it.

/** A place in a file: line and column, both from 1. */
export interface Position {
  /** The line, from 1. */
  line: number;
  /** The column, from 1. */
  column: number;
}
