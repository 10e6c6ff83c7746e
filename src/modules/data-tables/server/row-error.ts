import { AppError } from '@/server/errors';
import { Codes } from '@/shared/errors';

/**
 * A row that does not fit its table's field definitions. The whole call is refused (nothing
 * written); the message names the row (1-based) and the field, and is safe to show.
 */
export class DataTableRowError extends AppError {
  constructor(
    readonly rowIndex: number,
    readonly field: string,
    readonly reason: string,
    label = field,
  ) {
    super(Codes.inputError, 400, `第 ${rowIndex + 1} 行「${label}」${reason}`, { rowIndex, field });
  }
}
