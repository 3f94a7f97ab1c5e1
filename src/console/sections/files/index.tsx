/** The files section: the store's file manager. */
import type { SectionProps } from '../../section-types';
import { Breadcrumbs } from '../../ui';
import { FileManager } from './FileManager';

export default function FilesSection({ session }: SectionProps) {
  return (
    <div className="Page">
      <Breadcrumbs items={[{ label: 'Files' }]} />
      <div className="PageHeader">
        <h1>Files</h1>
      </div>
      <FileManager canChange={session.can.content} />
    </div>
  );
}
