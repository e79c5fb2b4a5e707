// The error for a value refused at one of the client's own boundaries (an image URL the service
// sent): AppError 'invalid_input' naming the field, as the IPC edge names an argument.
import { AppError } from '../../shared/result';

export function invalid(path: string, message: string): AppError {
  return new AppError('invalid_input', `${path}: ${message}`, { issues: [{ path, message }] });
}
