/** The PARSE_ERROR every parser raises. */
import { AppError } from '../../errors.ts';

/** 400 PARSE_ERROR: the file is not a valid SBOM of its family. Messages name the file and the place. */
export const parseError = (fileName: string, message: string): AppError =>
  new AppError('PARSE_ERROR', 400, `'${fileName}': ${message}`);

/** 1-based line and column of a character offset, for messages (only computed on the error path). */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

/** Path of a value inside a JSON document, as written in messages: `components[3].name`. */
export type JsonPath = string;
