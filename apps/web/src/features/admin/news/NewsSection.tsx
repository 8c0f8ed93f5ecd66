import { Route, Routes } from 'react-router';
import { NewsEditor } from './NewsEditor';
import { NewsList } from './NewsList';

/** /admin/news (admins): the articles; write, preview, publish, take down, delete. */
export function Component() {
  return (
    <Routes>
      <Route index element={<NewsList />} />
      <Route path="new" element={<NewsEditor />} />
      <Route path=":id" element={<NewsEditor />} />
    </Routes>
  );
}
