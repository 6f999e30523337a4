/** Expected failures are values, not exceptions (as in chessops). */
export type Result<T, E> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E };

export const ok = <T>(value: T): { readonly ok: true; readonly value: T } => ({ ok: true, value });
export const err = <E>(error: E): { readonly ok: false; readonly error: E } => ({ ok: false, error });

/** The error codes of the game-record contract (shared/spec/game-record.md). */
export type ErrorCode =
  | "INVALID_RECORD"
  | "INVALID_DEAL"
  | "NOT_YOUR_TURN"
  | "CARD_NOT_IN_HAND"
  | "CARD_NOT_IN_MIDDLE"
  | "ACTION_NOT_ALLOWED"
  | "ROUND_OVER"
  | "MATCH_OVER";

export interface EngineError {
  readonly code: ErrorCode;
  readonly message: string;
}

export const engineError = (code: ErrorCode, message: string): EngineError => ({ code, message });
