import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchLabels, rate } from '../api';
import type { PendingRow } from '../contract';

/**
 * The rating form's state, shared by the desktop dialog and the phone sheet (kit-free): the level
 * (changing it clears the labels, which belong to a level), the level's enabled labels, comment,
 * anonymity, and the submit that refreshes every 好差评 list.
 */
export function useRateForm(target: PendingRow | null, onDone: (message: string) => void) {
  const qc = useQueryClient();
  const [level, setLevelState] = useState(5);
  const [labelIds, setLabelIds] = useState<number[]>([]);
  const [comment, setComment] = useState('');
  const [anonymous, setAnonymous] = useState(false);
  const labels = useQuery({ queryKey: ['feedback', 'labels'], queryFn: () => fetchLabels().then((r) => r.data) });
  const reset = () => {
    setLevelState(5);
    setLabelIds([]);
    setComment('');
    setAnonymous(false);
  };
  const save = useMutation({
    mutationFn: () => rate({ kind: target!.kind, refId: target!.refId, level, labelIds, comment, anonymous }),
    onSuccess: (r) => {
      void qc.invalidateQueries({ queryKey: ['feedback'] });
      reset();
      onDone(r.message || '评价成功');
    },
  });
  return {
    level,
    setLevel: (v: number) => {
      setLevelState(v);
      setLabelIds([]);
    },
    levelLabels: (labels.data ?? []).filter((l) => l.level === level),
    labelIds,
    setLabelIds,
    comment,
    setComment,
    anonymous,
    setAnonymous,
    save,
    reset,
  };
}
