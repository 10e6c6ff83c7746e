/** antd Table/List pagination of a server-paged list (kit-free: a plain props object). */
export const serverPaging = (
  page: number,
  pageSize: number,
  total: number | undefined,
  onChange: (p: number) => void,
) => ({
  current: page,
  pageSize,
  total: total ?? 0,
  onChange,
  showSizeChanger: false,
});
