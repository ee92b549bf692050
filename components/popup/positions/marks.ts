/** Set once the positions are first rendered; read by the benchmark (bench/popup-paint.ts). */
export const POSITIONS_PAINTED_MARK = 'mc:positions-painted';
