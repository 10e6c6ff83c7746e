import { useSearchParams } from 'react-router-dom';
import { ProcessList } from '../components/process-list';
import { ProcessDesigner } from '../components/process-designer';

/** /cms/workflow/processDesign 流程设计: the list of processes; with ?id= the designer of one. */
export default function ProcessDesignPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  return Number.isInteger(id) && id > 0 ? <ProcessDesigner key={id} id={id} /> : <ProcessList />;
}
