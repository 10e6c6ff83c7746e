import { useSearchParams } from 'react-router-dom';
import { Card, Result } from 'antd';
import { FormFillView } from '../components/form-fill/form-fill-view';
import s from './fill-pages.module.css';

/** /web/eventService/formWrite?formId=N (public): a published form by its link. */
export default function FormWritePage() {
  const [params] = useSearchParams();
  const formId = Number(params.get('formId'));
  return (
    <div className={s.page}>
      {Number.isInteger(formId) && formId > 0 ? (
        <FormFillView key={formId} formId={formId} />
      ) : (
        <Card>
          <Result status="warning" title="链接不完整" subTitle="缺少表单编号，请向发布者确认表单链接" />
        </Card>
      )}
    </div>
  );
}
