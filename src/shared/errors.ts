/**
 * The error catalogue of spec section 8, plus codes this product adds in the same hex style.
 * Codes are strings exactly as the spec writes them: note that the generic error
 * '0X00000001' (capital X) and 'data not supported' '0x00000001' are different codes.
 * Never reuse a code; add new ones at the end of the list.
 */
export const Codes = {
  ok: '0x00000000',
  genericError: '0X00000001',
  dataNotSupported: '0x00000001',
  noPermission: '0x00000010',
  notAuthenticated: '0x00000011',
  cidNotFound: '0x00000012',
  cidError: '0x00000013',
  timeout: '0x00000014',
  timeoutAlt: '0x00103990',
  captchaWrong: '0x00000031',
  captchaExpired: '0x00000032',
  inputError: '0x00000101',
  sqlError: '0x00000102',
  saveConfigError: '0x00000103',
  exportError: '0x00000104',
  importError: '0x00000105',
  partialImportError: '0x00000106',
  licenseCheckError: '0x10000506',
  // Added by this product (not in the spec's table).
  notFound: '0x00000404',
  conflict: '0x00000409',
  payloadTooLarge: '0x00000413',
  tooManyRequests: '0x00000429',
  accountLocked: '0x00000033',
  accountDisabled: '0x00000034',
  passwordChangeRequired: '0x00000035',
  serviceUnavailable: '0x00000503',
  taskAlreadyHandled: '0x00000410',
  /** The database cannot be reached right now (connection lost, restarting, timed out): HTTP 503. */
  databaseUnavailable: '0x00000504',
  /** An uploaded spreadsheet over a reading limit (size, compression ratio, rows, columns, cell length): HTTP 413. */
  spreadsheetTooLarge: '0x00000107',
  /** Single sign-on is on without the password back door: password sign-in is refused (HTTP 403). */
  passwordSignInClosed: '0x00000036',
  /** An administrator signing in on a host other than SSO_ADMIN_HOST (HTTP 403). */
  adminHostOnly: '0x00000037',
  /** An SSO return whose sign-in was not started in this browser (login CSRF guard, HTTP 403). */
  ssoOtherBrowser: '0x00000038',
  /** change_pwd / check_user of an account that signs in by SSO only and has no password here (HTTP 403). */
  ssoOnlyAccount: '0x00000039',
  /** A data source's host or port cannot be reached (refused, unknown host, no route): HTTP 502. */
  dataSourceUnreachable: '0x00000601',
  /** A data source refused the user name, password or API token: HTTP 502. */
  dataSourceAuthFailed: '0x00000602',
  /** A data source did not answer in time (connect or statement timeout): HTTP 504. */
  dataSourceTimeout: '0x00000603',
  /** The database (or SQLite file, or API address) named by a data source does not exist: HTTP 502. */
  dataSourceDatabaseMissing: '0x00000604',
  /** A dataset's statement or table is refused by the source (syntax, unknown table or column): HTTP 400. */
  dataSourceBadSql: '0x00000605',
  /** A dataset's statement is not one read-only SELECT (a write, several statements, a forbidden keyword): HTTP 400. */
  dataSourceWriteRefused: '0x00000606',
  /** A data source answered something unusable (HTTP error status, not JSON, no rows array, too large): HTTP 502. */
  dataSourceBadResponse: '0x00000607',
  /** A sync's rows do not fit its data table (a mapping that breaks a unique key or a field's type): nothing of that batch is written. */
  syncRowRejected: '0x00000631',
  /** A sync already has a run queued or running: HTTP 409. */
  syncAlreadyRunning: '0x00000632',
  /** A sync's settings no longer fit its dataset or data table (a field gone, a type changed, one of them deleted). */
  syncMisconfigured: '0x00000633',
  /** A collection fill's values do not fit its task's data table (type, required field, unique key): nothing written, HTTP 400. */
  acquisitionRowRejected: '0x00000661',
  /** A collection task no longer takes fills (closed, or its deadline passed): HTTP 409. */
  acquisitionClosed: '0x00000662',
  /** A fill is not in a state for this action (already submitted, waiting for approval, written): HTTP 409. */
  acquisitionWrongState: '0x00000663',
  /** Too little free disk for a backup (free space under its estimated size × 1.2, or under the floor): HTTP 507. */
  backupDiskFull: '0x00000721',
  /** A file that is not a backup of this system (no sealed container, an old unsealed backup, another format): HTTP 400. */
  backupNotOurs: '0x00000722',
  /** A backup cut short or unreadable (a frame or the seal missing, bad content): HTTP 400. */
  backupDamaged: '0x00000723',
  /** A backup whose seal (HMAC-SHA-256) or a frame's tag does not verify: changed after it was made. HTTP 400. */
  backupSealBroken: '0x00000724',
  /** A backup encrypted and sealed with another BACKUP_KEY than this installation's: HTTP 400. */
  backupKeyMismatch: '0x00000725',
} as const;

export type Code = (typeof Codes)[keyof typeof Codes];

/** Codes the client treats as success (spec section 7: "the accepted ok list"). */
export const OK_CODES: ReadonlyArray<string | number> = ['0x00000000', 0, '0', 200, '200'];

/** Codes that mean the session is gone: clear storage and go to login after 1 s. */
export const TIMEOUT_CODES: ReadonlyArray<string | number> = [
  Codes.timeout,
  Codes.timeoutAlt,
  401,
  '401',
  Codes.notAuthenticated,
];

/** Default Chinese message per code, used when a handler gives none. */
export const DEFAULT_MESSAGES: Record<string, string> = {
  [Codes.ok]: '成功',
  [Codes.genericError]: '服务器繁忙，请稍后重试',
  [Codes.dataNotSupported]: '不支持的数据',
  [Codes.noPermission]: '无资源访问权限',
  [Codes.notAuthenticated]: '登录已失效，请重新登录',
  [Codes.cidNotFound]: '验证码已失效，请刷新验证码',
  [Codes.cidError]: '验证码标识错误，请刷新验证码',
  [Codes.timeout]: '登录超时，请重新登录',
  [Codes.timeoutAlt]: '登录超时，请重新登录',
  [Codes.captchaWrong]: '验证码错误',
  [Codes.captchaExpired]: '验证码已过期，请刷新验证码',
  [Codes.inputError]: '输入有误',
  [Codes.sqlError]: '数据处理失败，请稍后重试',
  [Codes.saveConfigError]: '保存配置失败',
  [Codes.exportError]: '导出失败',
  [Codes.importError]: '导入失败',
  [Codes.partialImportError]: '部分数据导入失败',
  [Codes.licenseCheckError]: '服务未授权，请联系管理员',
  [Codes.notFound]: '请求的资源不存在',
  [Codes.conflict]: '数据已存在或已被修改',
  [Codes.payloadTooLarge]: '提交的内容过大',
  [Codes.tooManyRequests]: '请求过于频繁，请稍后再试',
  [Codes.accountLocked]: '账号已被锁定，请稍后再试',
  [Codes.accountDisabled]: '账号已停用，请联系管理员',
  [Codes.passwordChangeRequired]: '请先修改密码',
  [Codes.serviceUnavailable]: '服务暂不可用，请稍后重试',
  [Codes.taskAlreadyHandled]: '该任务已被他人处理',
  [Codes.databaseUnavailable]: '数据库暂不可用，请稍后重试',
  [Codes.spreadsheetTooLarge]: '表格过大，请拆分后再导入',
  [Codes.passwordSignInClosed]: '本站已启用统一身份认证，请通过统一身份认证登录',
  [Codes.adminHostOnly]: '管理后台只允许在管理域名登录',
  [Codes.ssoOtherBrowser]: '登录请求不是从本浏览器发起的，请重新统一认证',
  [Codes.ssoOnlyAccount]: '该账号通过统一身份认证登录，没有本站密码',
  [Codes.backupDiskFull]: '磁盘空间不足，无法备份',
  [Codes.backupNotOurs]: '不是本系统的备份文件',
  [Codes.backupDamaged]: '备份文件不完整或已损坏',
  [Codes.backupSealBroken]: '备份文件的封签校验失败，文件已被改动',
  [Codes.backupKeyMismatch]: '备份密钥不匹配',
  [Codes.dataSourceUnreachable]: '无法连接数据源，请检查主机和端口',
  [Codes.dataSourceAuthFailed]: '数据源拒绝了用户名或密码',
  [Codes.dataSourceTimeout]: '数据源响应超时',
  [Codes.dataSourceDatabaseMissing]: '数据源中不存在该数据库',
  [Codes.dataSourceBadSql]: '数据集的查询语句有误',
  [Codes.dataSourceWriteRefused]: '数据集只允许一条只读的 SELECT 查询',
  [Codes.dataSourceBadResponse]: '数据源返回的内容无法读取',
  [Codes.syncRowRejected]: '同步的数据不符合数据表的要求',
  [Codes.syncAlreadyRunning]: '该同步正在运行，请等待本次完成',
  [Codes.syncMisconfigured]: '同步设置与数据集或数据表不一致，请检查字段映射',
};
