/** The pino logger, with secrets redacted. */
import pino, { type Logger } from 'pino';

/** Structured JSON logs. Authorization headers and anything named like a secret are redacted. */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    redact: {
      paths: ['req.headers.authorization', '*.token', '*.secret', '*.password', 'headers.authorization'],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
