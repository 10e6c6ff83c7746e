/** Back-office workflow links: the designer is the processDesign page with a process id. */
export const processListPath = '/cms/workflow/processDesign';
export const processDesignerPath = (id: number) => `${processListPath}?id=${id}`;
