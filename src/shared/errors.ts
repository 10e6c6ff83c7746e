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
  /** A booking slot has no free seat left (已约满): HTTP 409, the answer's data lists the next free slots. */
  bookingFull: '0x00000811',
  /** A slot no longer takes bookings or cancellations (past its cut-off, closed, over): HTTP 409. */
  bookingClosed: '0x00000812',
  /** Too many no-shows in the last 30 days: booking is paused for this person, HTTP 403. */
  bookingNoShowLimit: '0x00000813',
  /** The person already holds a booking for this slot (or this item on that day): HTTP 409. */
  bookingDuplicate: '0x00000814',
  /** A booking, call-back request or permit is not in a state for this action: HTTP 409. */
  bookingWrongState: '0x00000815',
  /** The service item takes no bookings, call-backs or permits of this kind: HTTP 400. */
  bookingNotOffered: '0x00000816',
  /** 好差评: the application or booking has not ended, is too old or is no 办件 of a service item: HTTP 409. */
  feedbackNotRateable: '0x00000821',
  /** 好差评: the application or booking was rated already (one rating each): HTTP 409. */
  feedbackAlreadyRated: '0x00000822',
  /** 好差评: a rectification is not in a state for this action (replied, closed): HTTP 409. */
  feedbackRectifyWrongState: '0x00000823',
  /** 好差评: a chosen label belongs to another level or is switched off: HTTP 400. */
  feedbackBadLabel: '0x00000824',
  /** The service item is not published (draft or withdrawn): it cannot be opened or applied for, HTTP 409. */
  serviceItemNotPublished: '0x00000801',
  /** The caller may see the item but its apply rules leave them out (or a visitor): HTTP 403. */
  serviceItemApplyDenied: '0x00000802',
  /** The item is not handled online or has no published form bound: HTTP 409. */
  serviceItemNotOnline: '0x00000803',
  /** The process is already bound to another published item (one item per process): HTTP 409. */
  serviceItemProcessTaken: '0x00000804',
  /** The item lacks what publishing needs (guide, mode, form for online): HTTP 400, names the field. */
  serviceItemIncomplete: '0x00000805',
  /** The bound process does not belong to the bound form, or the form is not published: HTTP 400. */
  serviceItemBindingInvalid: '0x00000806',
  /** Assistant: an FAQ category still holds questions and cannot be deleted: HTTP 409. */
  faqCategoryNotEmpty: '0x00000831',
  /** Assistant: another FAQ category has this name: HTTP 409. */
  faqCategoryNameTaken: '0x00000832',
  /** Assistant: an asked question was already answered or set aside (handled by someone else): HTTP 409. */
  faqAskedHandled: '0x00000833',
  /** 一表通: this value may not be corrected (not in the audience's page, or not marked correctable): HTTP 400. */
  oneTableNotCorrectable: '0x00000841',
  /** 一表通: the proposed value equals the current one: HTTP 400. */
  oneTableSameValue: '0x00000842',
  /** 一表通: a correction of this value is already waiting: HTTP 409. */
  oneTablePendingExists: '0x00000843',
  /** 一表通: the correction was already decided (by someone else): HTTP 409. */
  oneTableDecided: '0x00000844',
  /** 一表通: the proposed value does not fit the data table's field (type): HTTP 400. */
  oneTableBadValue: '0x00000845',
  /** 一表通: a page layout names a table or field the data centre lacks, or repeats a group: HTTP 400. */
  oneTableBadLayout: '0x00000846',
  /** 校历/日程: an event ends before it starts or spans too long: HTTP 400. */
  calendarBadRange: '0x000008b1',
  /** 校历/日程: only the department's leaders (or an administrator) keep its events: HTTP 403. */
  calendarNotDepartmentEditor: '0x000008b2',
  /** 校历/日程: the subscription link is unknown or was revoked: HTTP 404. */
  calendarFeedRevoked: '0x000008b3',
  /** 应用中心: the app does not exist, is off, or is not offered to the caller (role, platform, device): HTTP 404. */
  appCenterNotVisible: '0x000008c1',
  /** 应用中心: a category still holds apps and cannot be deleted: HTTP 409. */
  appCenterCategoryNotEmpty: '0x000008c2',
  /** 应用中心: an internal app's address is not an in-app path, or an external one not http(s): HTTP 400. */
  appCenterBadUrl: '0x000008c3',
  /** 消息发布: the release is not in a state that allows the action (edit a sent one, withdraw a draft…): HTTP 409. */
  messageReleaseWrongState: '0x000008d1',
  /** 消息发布: the audience resolves to nobody: HTTP 400. */
  messageAudienceEmpty: '0x000008d2',
  /** 消息发布: the scheduled time is in the past or too far ahead: HTTP 400. */
  messageBadSchedule: '0x000008d3',
  /** 消息发布: the template's text names a variable it does not declare, or a value is missing: HTTP 400. */
  messageTemplateVariable: '0x000008d4',
  /** 消息发布: an uploaded recipient list has no 学号/工号 column or rows that match nobody: HTTP 400. */
  messageRecipientList: '0x000008d5',
  /** 数据共享: the X-App-Key is missing or names no app: HTTP 401. */
  dataShareUnknownApp: '0x000008e1',
  /** 数据共享: the X-Signature does not match the request signed with the app's secret: HTTP 401. */
  dataShareBadSignature: '0x000008e2',
  /** 数据共享: the X-Timestamp is missing or more than 5 minutes from the server's clock: HTTP 401. */
  dataShareBadTimestamp: '0x000008e3',
  /** 数据共享: the X-Nonce is missing or was already used by this app: HTTP 401. */
  dataShareNonceReused: '0x000008e4',
  /** 数据共享: the app made more calls this minute than its limit: HTTP 429. */
  dataShareRateLimited: '0x000008e5',
  /** 数据共享: the app holds no valid grant of the dataset (never granted, revoked, outside its period): HTTP 403. */
  dataShareNoGrant: '0x000008e6',
  /** 数据共享: the app is disabled by its owner or an administrator: HTTP 403. */
  dataShareAppDisabled: '0x000008e7',
  /** 数据共享: the app already holds (or is waiting for) a grant of this dataset: HTTP 409. */
  dataShareGrantExists: '0x000008e8',
  /** 数据共享: a field asked for is not shareable by the dataset, or a supplement adds none: HTTP 400. */
  dataShareBadFields: '0x000008e9',
  /** 数据共享: the period ends before it starts, has ended, or is too long: HTTP 400. */
  dataShareBadPeriod: '0x000008ea',
  /** 数据共享: the application, grant or app is not in a state that allows the action: HTTP 409. */
  dataShareWrongState: '0x000008eb',
  /** 数据共享: the dataset is off, or its data table (or a field) is not in the data centre: HTTP 404. */
  dataShareDatasetUnavailable: '0x000008ec',
  /** 数据共享: a theme still holds datasets and cannot be deleted: HTTP 409. */
  dataShareThemeInUse: '0x000008ed',
  /** 个人中心: payslip amounts need the password again (valid 5 minutes): HTTP 403. */
  userCenterVerifyRequired: '0x00000861',
  /** 个人中心: a 挂失/解冻 request of this card is already waiting at the card office: HTTP 409. */
  userCenterCardRequestPending: '0x00000862',
  /** 个人中心: the card's state does not allow the request (挂失 a lost card, 解冻 a normal one): HTTP 400. */
  userCenterCardWrongState: '0x00000863',
  /** 个人中心: the library does not allow this renewal (overdue, returned, renewals used up): HTTP 400. */
  userCenterRenewDenied: '0x00000864',
  /** 个人中心: the phone/e-mail verification code is wrong or expired: HTTP 400. */
  userCenterBadCode: '0x00000865',
  /** 个人中心: the timetable subscription link is unknown or was revoked: HTTP 404. */
  userCenterIcalRevoked: '0x00000866',
  /** 个人中心: the card office already decided this request: HTTP 409. */
  userCenterCardRequestDecided: '0x00000867',
  /**
   * 个人中心: only the card office (the department owning the card data, and those below it) handles
   * card requests: HTTP 403, shown on the page (not 0x00000010, which signs the user out).
   */
  userCenterNotCardOffice: '0x00000868',
  /** 学生预警: the caller has no scope of students for this list (not a counsellor, leader, 学工处 or 资助中心): HTTP 403. */
  ewNoScope: '0x00000881',
  /** 学生预警: the warning is closed (or escalated) and takes no more care records: HTTP 409. */
  ewWarningClosed: '0x00000882',
  /** 学生预警: the student or warning is outside the caller's scope: HTTP 403. */
  ewNotYourStudent: '0x00000883',
  /** 学生预警: a threshold is out of its range: HTTP 400. */
  ewBadThreshold: '0x00000884',
  /** 学生预警: the user already follows this student: HTTP 409. */
  ewFollowExists: '0x00000885',
  /** 学生预警: a 不再关注 request is already waiting, or the follow has ended: HTTP 409. */
  ewUnfollowWrongState: '0x00000886',
  /** 学生预警: the assist request or approval was already answered: HTTP 409. */
  ewRequestDecided: '0x00000887',
  /** 学生预警: the person chosen is not a counsellor of the student's college: HTTP 400. */
  ewBadAssignee: '0x00000888',
  /** 资源中心: the shareable link has passed its expiry: HTTP 410. */
  resourceLinkExpired: '0x00000871',
  /** 资源中心: the shareable link was revoked by its owner (or its resource withdrawn): HTTP 410. */
  resourceLinkRevoked: '0x00000872',
  /** 资源中心: the shareable link has used up its visits: HTTP 410. */
  resourceLinkExhausted: '0x00000873',
  /** 资源中心: the link's password is missing or wrong: HTTP 403. */
  resourceLinkPassword: '0x00000874',
  /** 资源中心: the resource is not in a state that allows the action (share a draft, edit without a file…): HTTP 409. */
  resourceWrongState: '0x00000875',
  /** 资源中心: a link resource's address is not http(s), or a file resource lacks its file: HTTP 400. */
  resourceBadTarget: '0x00000876',
  /** 资源中心: the file address (view ticket) is unknown or expired: HTTP 403. */
  resourceTicketExpired: '0x00000877',
  /** 效能督查: the caller is neither a school leader, the supervision office nor a department leader: HTTP 403. */
  superviseNoScope: '0x000008a1',
  /** 效能督查: the task is not an open limited task the caller supervises: HTTP 404. */
  superviseTaskNotFound: '0x000008a2',
  /** 效能督查: the task is not overdue yet (escalation is for overdue tasks): HTTP 409. */
  superviseNotOverdue: '0x000008a3',
  /** 效能督查: the assignee's department (and those above it) has no leader to escalate to: HTTP 409. */
  superviseNoLeader: '0x000008a4',
  /** 效能督查: the period ends before it starts or is longer than a year: HTTP 400. */
  superviseBadPeriod: '0x000008a5',
  /** 领导驾驶舱 (issue 20): the caller is not a school leader, an administrator, nor granted the page: HTTP 403 (does not sign out). */
  leadingDriverNoAccess: '0x00000920',
  /** 领导驾驶舱: the term or college filter names nothing the data holds: HTTP 400. */
  leadingDriverBadFilter: '0x00000921',
  /** 一表通 write-back (issue 18): the owning system refused or could not be reached; the row is missing there. */
  oneTableWriteBackFailed: '0x00000847',
  /** 一表通 write-back settings: not a database source, or fields/columns that do not exist. */
  oneTableWriteBackConfig: '0x00000848',
  /** 一表通 sync conflict already resolved (or none to resolve). */
  oneTableNoConflict: '0x00000849',
  /** BI (issue 20): the metric names a data table that does not exist: HTTP 400. */
  biUnknownTable: '0x00000901',
  /** BI: a column that is not a field of the data table's own design: HTTP 400. */
  biUnknownField: '0x00000902',
  /** BI: the aggregation does not fit the measure's type (sum/avg/min/max need a number): HTTP 400. */
  biBadMeasure: '0x00000903',
  /** BI: a filter's operator or value does not fit its field: HTTP 400. */
  biBadFilter: '0x00000904',
  /** BI: a time grain or window without a date/datetime field, or a window that ends before it starts: HTTP 400. */
  biBadTime: '0x00000905',
  /** BI 指标: the code is used by another indicator: HTTP 409. */
  biIndicatorCodeTaken: '0x00000906',
  /** BI 指标: thresholds missing or contradictory (a lower bound above an upper one of the same level): HTTP 400. */
  biBadThreshold: '0x00000907',
  /** BI 指标: an owner who is not an active staff member: HTTP 400. */
  biBadOwner: '0x00000908',
  /** BI 指标: it has values already (delete only never-evaluated ones; deactivate instead): HTTP 409. */
  biIndicatorEvaluated: '0x00000909',
  /** BI 指标预警: the caller owns no indicator of this warning (administrators see all): HTTP 403 (does not sign out). */
  biNotOwner: '0x0000090a',
  /** BI 指标预警: already acknowledged or closed: HTTP 409. */
  biWarningSettled: '0x0000090b',
  /** BI 报表 (issue 20): the report's source data table does not exist: HTTP 400. */
  biReportUnknownTable: '0x00000940',
  /** BI 报表: a column, group, sort or parameter names something that is not a field of the data table: HTTP 400. */
  biReportUnknownField: '0x00000941',
  /** BI 报表: the design does not hold together (no columns, a measure that does not fit its field, a duplicate parameter…): HTTP 400. */
  biReportBadDesign: '0x00000942',
  /** BI 报表: a parameter value the viewer gave does not fit the parameter's field type or operator: HTTP 400. */
  biReportBadParam: '0x00000943',
  /** BI 报表: the caller is not in the report's audience (platforms and roles), or it is not published: HTTP 403 (does not sign out). */
  biReportNoAccess: '0x00000944',
  /** BI 报表: the report's state does not allow this (edit a published one, delete a non-draft, publish a template…): HTTP 409. */
  biReportWrongState: '0x00000945',
  /** BI 报表: publishing needs at least one platform and one role, all existing: HTTP 400. */
  biReportBadAudience: '0x00000946',
  /** BI 报表 PDF: no CJK font is installed where BI_REPORT_PDF_FONT points: HTTP 503. */
  biReportNoFont: '0x00000947',
  /** BI 报表 export: more rows than an export may hold: HTTP 413. */
  biReportTooLarge: '0x00000948',
  /** 消息模板: the text uses a variable the event does not offer (data.missing lists them): HTTP 400. */
  notifyTemplateVariable: '0x00000950',
  /** 通知渠道: the channel's settings are incomplete or wrong (host, address, webhook URL): HTTP 400. */
  notifyChannelConfig: '0x00000951',
  /** 通知渠道 发送测试 / a delivery: the provider refused or could not be reached (the answer has no secret): HTTP 502. */
  notifySendFailed: '0x00000952',
  /** 发送记录: only a failed delivery can be sent again: HTTP 409. */
  notifyNotRetryable: '0x00000953',
  /** 通知设置: an e-mail address or mobile number in a wrong format: HTTP 400. */
  notifyBadAddress: '0x00000954',
  /** BI 仪表板 (issue 20 part 3): the dashboard is not published to the caller's platform and roles: HTTP 403 (does not sign out). */
  biDashboardAudience: '0x00000930',
  /** BI 仪表板: not published (a draft or deactivated one) for a viewer: HTTP 404. */
  biDashboardNotPublished: '0x00000931',
  /** BI 仪表板: the action does not fit its state (delete a published one, deactivate a draft…): HTTP 409. */
  biDashboardWrongState: '0x00000932',
  /** BI 仪表板: a widget's metric or settings are wrong (the message names the widget): HTTP 400. */
  biDashboardBadWidget: '0x00000933',
  /** BI 仪表板: the layout is wrong (duplicate widget ids, a drill target that is no dashboard): HTTP 400. */
  biDashboardBadLayout: '0x00000934',
  /** BI 仪表板: the audience names a platform or role that does not exist, or nobody: HTTP 400. */
  biDashboardBadAudience: '0x00000935',
  /** BI 仪表板: a linkage filter's field or values do not fit: HTTP 400. */
  biDashboardBadLinkage: '0x00000936',
  /** Forms (issue 24): the caller is outside the form's audience (role, department, platform, class or list): HTTP 403. */
  formNotInAudience: '0x00000960',
  /** Forms: before the form's opening time (data.opensAt): HTTP 403. */
  formNotOpen: '0x00000961',
  /** Forms: after the form's closing time (data.closesAt): HTTP 403. */
  formClosed: '0x00000962',
  /** Forms: one submission per person (ever or per day/week/month) already used: HTTP 409. */
  formAlreadySubmitted: '0x00000963',
  /** Forms: a public form's access password is needed (data.needsPassword): HTTP 403. */
  formPasswordNeeded: '0x00000964',
  /** Forms: the access password is wrong: HTTP 403. */
  formPasswordWrong: '0x00000965',
  /** Forms: 填写设置 contradict themselves (closing before opening, password form without a password): HTTP 400. */
  formBadFillSettings: '0x00000966',
  /** Forms: a cross-field rule or date limit is broken (data.fields names each field): HTTP 400. */
  formRuleBroken: '0x00000967',
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
  [Codes.bookingFull]: '该时段已约满',
  [Codes.bookingClosed]: '该时段已停止预约',
  [Codes.bookingNoShowLimit]: '近30天失约次数过多，暂停预约',
  [Codes.bookingDuplicate]: '您已预约该时段',
  [Codes.bookingWrongState]: '当前状态不允许此操作',
  [Codes.bookingNotOffered]: '该事项不提供此项服务',
  [Codes.feedbackNotRateable]: '该办件尚未办结或不可评价',
  [Codes.feedbackAlreadyRated]: '该办件已评价，不能重复评价',
  [Codes.feedbackRectifyWrongState]: '整改单当前状态不允许此操作',
  [Codes.feedbackBadLabel]: '评价标签与评价等级不符',
  [Codes.serviceItemNotPublished]: '该事项未发布或已撤回',
  [Codes.serviceItemApplyDenied]: '您无权申请该事项',
  [Codes.serviceItemNotOnline]: '该事项暂不支持在线办理',
  [Codes.serviceItemProcessTaken]: '该流程已绑定其他已发布事项',
  [Codes.serviceItemIncomplete]: '事项信息不完整，无法发布',
  [Codes.serviceItemBindingInvalid]: '绑定的表单与流程不匹配',
  [Codes.faqCategoryNotEmpty]: '该分类下还有问题，请先移走或删除',
  [Codes.faqCategoryNameTaken]: '已有同名分类',
  [Codes.faqAskedHandled]: '该问题已被处理，请刷新后查看',
  [Codes.oneTableNotCorrectable]: '该数据项不允许纠错',
  [Codes.oneTableSameValue]: '建议值与当前值相同',
  [Codes.oneTablePendingExists]: '该数据项已有待审核的纠错申请',
  [Codes.oneTableDecided]: '该纠错申请已处理，请刷新后查看',
  [Codes.oneTableBadValue]: '建议值不符合该字段的格式',
  [Codes.oneTableBadLayout]: '页面配置有误：数据表或字段不存在',
  [Codes.calendarBadRange]: '结束时间不能早于开始时间',
  [Codes.calendarNotDepartmentEditor]: '只有部门负责人或管理员可以维护部门日程',
  [Codes.calendarFeedRevoked]: '订阅链接无效或已停用',
  [Codes.appCenterNotVisible]: '应用不存在或您无权使用',
  [Codes.appCenterCategoryNotEmpty]: '该分类下还有应用，请先移走或删除',
  [Codes.appCenterBadUrl]: '应用地址不正确：站内页面以 / 开头，外部系统以 http(s):// 开头',
  [Codes.messageReleaseWrongState]: '该消息当前状态不允许此操作',
  [Codes.messageAudienceEmpty]: '接收范围内没有任何用户',
  [Codes.messageBadSchedule]: '定时发布时间不正确',
  [Codes.messageTemplateVariable]: '模板变量有误',
  [Codes.messageRecipientList]: '接收名单有误',
  [Codes.userCenterVerifyRequired]: '请先输入登录密码验证身份后查看工资',
  [Codes.userCenterCardRequestPending]: '该卡已有待处理的申请，请等待卡务中心处理',
  [Codes.userCenterCardWrongState]: '校园卡当前状态不允许此操作',
  [Codes.userCenterRenewDenied]: '该图书不可续借',
  [Codes.userCenterBadCode]: '验证码错误或已过期',
  [Codes.userCenterIcalRevoked]: '订阅链接无效或已停用',
  [Codes.userCenterCardRequestDecided]: '该申请已处理，请刷新后查看',
  [Codes.userCenterNotCardOffice]: '仅卡务中心（校园卡数据的主管部门）可处理校园卡申请',
  [Codes.ewNoScope]: '您没有查看学生预警的权限范围',
  [Codes.ewWarningClosed]: '该预警已结束，不能再记录',
  [Codes.ewNotYourStudent]: '该学生不在您的管理范围内',
  [Codes.ewBadThreshold]: '预警阈值超出允许范围',
  [Codes.ewFollowExists]: '您已关注该学生',
  [Codes.ewUnfollowWrongState]: '该关注已结束或已有待审批的不再关注申请',
  [Codes.ewRequestDecided]: '该申请已处理，请刷新后查看',
  [Codes.ewBadAssignee]: '所选人员不是该学生所在学院的辅导员',
  [Codes.resourceLinkExpired]: '分享链接已过期',
  [Codes.resourceLinkRevoked]: '分享链接已被撤销',
  [Codes.resourceLinkExhausted]: '分享链接的访问次数已用完',
  [Codes.resourceLinkPassword]: '访问密码错误',
  [Codes.resourceWrongState]: '资源当前状态不允许此操作',
  [Codes.resourceBadTarget]: '资源地址或文件不正确',
  [Codes.resourceTicketExpired]: '文件地址已失效，请重新打开资源',
  [Codes.superviseNoScope]: '您不是校领导、督查办或部门负责人，无权查看效能督查',
  [Codes.superviseTaskNotFound]: '审批任务不存在、已处理或不在您的督查范围内',
  [Codes.superviseNotOverdue]: '该审批任务尚未超期，无需上报',
  [Codes.superviseNoLeader]: '未找到承办人所在部门的负责人，无法上报',
  [Codes.superviseBadPeriod]: '统计时间段不正确',
  [Codes.leadingDriverNoAccess]: '您不是校领导，也未被授予该页面，无权查看领导驾驶舱',
  [Codes.leadingDriverBadFilter]: '所选学期或学院不存在',
  [Codes.oneTableWriteBackFailed]: '写回源系统失败',
  [Codes.oneTableWriteBackConfig]: '写回设置有误',
  [Codes.oneTableNoConflict]: '该纠错没有待处理的同步冲突',
  [Codes.biUnknownTable]: '数据表不存在',
  [Codes.biUnknownField]: '字段不是该数据表的字段',
  [Codes.biBadMeasure]: '该汇总方式不适用于所选字段的类型',
  [Codes.biBadFilter]: '筛选条件不正确',
  [Codes.biBadTime]: '时间粒度或时间范围需要一个日期或日期时间字段',
  [Codes.biIndicatorCodeTaken]: '指标编码已被使用',
  [Codes.biBadThreshold]: '阈值设置不正确',
  [Codes.biBadOwner]: '负责人必须是在职教职工',
  [Codes.biIndicatorEvaluated]: '指标已有取值记录，不能删除，可停用',
  [Codes.biNotOwner]: '您不是该指标的负责人',
  [Codes.biWarningSettled]: '该预警已确认或已关闭，请刷新后查看',
  [Codes.biReportUnknownTable]: '报表的数据表不存在',
  [Codes.biReportUnknownField]: '报表引用的字段不是该数据表的字段',
  [Codes.biReportBadDesign]: '报表设计不正确',
  [Codes.biReportBadParam]: '报表参数的取值不正确',
  [Codes.biReportNoAccess]: '您无权查看该报表',
  [Codes.biReportWrongState]: '报表当前状态不允许此操作',
  [Codes.biReportBadAudience]: '发布范围需要至少一个平台和一个角色',
  [Codes.biReportNoFont]: '服务器未安装中文字体，无法导出 PDF，请联系管理员',
  [Codes.biReportTooLarge]: '报表数据过多，请缩小参数范围后再导出',
  [Codes.notifyTemplateVariable]: '模板使用了该事件不提供的变量',
  [Codes.notifyChannelConfig]: '通知渠道设置不完整或有误',
  [Codes.notifySendFailed]: '发送失败',
  [Codes.notifyNotRetryable]: '只有发送失败的记录可以重发',
  [Codes.notifyBadAddress]: '邮箱或手机号格式不正确',
  [Codes.biDashboardAudience]: '该仪表板未向您所在的平台或角色发布',
  [Codes.biDashboardNotPublished]: '仪表板不存在或未发布',
  [Codes.biDashboardWrongState]: '仪表板当前状态不允许此操作',
  [Codes.biDashboardBadWidget]: '仪表板组件设置不正确',
  [Codes.biDashboardBadLayout]: '仪表板布局不正确',
  [Codes.biDashboardBadAudience]: '发布范围不正确',
  [Codes.biDashboardBadLinkage]: '联动筛选条件不正确',
  [Codes.formNotInAudience]: '您不在该表单的适用范围内',
  [Codes.formNotOpen]: '表单未开始填写',
  [Codes.formClosed]: '表单已截止填写',
  [Codes.formAlreadySubmitted]: '您已提交过该表单',
  [Codes.formPasswordNeeded]: '请输入表单的访问密码',
  [Codes.formPasswordWrong]: '访问密码错误',
  [Codes.formBadFillSettings]: '填写设置有误',
  [Codes.formRuleBroken]: '填写内容不符合表单的校验规则',
};
