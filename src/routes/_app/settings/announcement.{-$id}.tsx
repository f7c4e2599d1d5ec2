import { createFileRoute, useParams } from '@tanstack/react-router';
import { AnnouncementPage } from '../../../features/settings/announcements';

/** An announcement of the file: new without an id. */
export const Route = createFileRoute('/_app/settings/announcement/{-$id}')({
  component: function Edit() {
    const { id } = useParams({ from: '/_app/settings/announcement/{-$id}' });
    return <AnnouncementPage key={id ?? ''} id={id ?? null} />;
  },
});
