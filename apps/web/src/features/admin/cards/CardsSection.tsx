import { Route, Routes } from 'react-router';
import { BatchDetail } from './BatchDetail';
import { BatchList } from './BatchList';

/** /admin/cards: batches of user cards of the picked arcade — create, list, open, print. */
export function Component() {
  return (
    <Routes>
      <Route index element={<BatchList />} />
      <Route path=":batchId" element={<BatchDetail />} />
    </Routes>
  );
}
