/**
 * Re-confirming the signed-in user's password for another module (the personal centre's payslips):
 * the same check as POST /user/api/v1.user/check_user/ — decrypted with the server key, a wrong one
 * counts toward the lockout and is audited. Throws the coded error; resolves when it verifies.
 */
export { checkUserPassword } from '../service';
