import { Route, Routes } from 'react-router';
import { ArcadeEditor } from './ArcadeEditor';
import { ArcadeList } from './ArcadeList';

/** /admin/arcades: the arcades; admins create and retire them, staff edit their own. */
export function Component() {
  return (
    <Routes>
      <Route index element={<ArcadeList />} />
      <Route path="new" element={<ArcadeEditor />} />
      <Route path=":arcadeId/edit" element={<ArcadeEditor />} />
    </Routes>
  );
}
