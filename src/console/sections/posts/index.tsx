/** The blog posts section: the posts of a blog with their status labels, and the post editor. */
import { useEffect, useState } from 'react';
import { api, type PostSummary } from '../../../api';
import type { SectionProps } from '../../section-types';
import {
  Breadcrumbs,
  consoleApi,
  DataTable,
  FetchStatus,
  Link,
  Loaded,
  StatusLabel,
  useFetch,
  type FetchState,
} from '../../ui';
import { PostEditor } from './PostEditor';
import { statusLabel, type Blog } from './status';

const dateText = (ms: number) => new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function PostList({ blog, blogs, onBlog }: { blog: Blog; blogs: Blog[]; onBlog: (id: string) => void }) {
  const [posts, setPosts] = useState<PostSummary[]>([]);
  const [total, setTotal] = useState(0);
  const [state, setState] = useState<FetchState>('pending');
  const [failure, setFailure] = useState<{ error: unknown; offset: number } | null>(null);
  const load = async (offset: number) => {
    setState('pending');
    try {
      const page = await consoleApi(api.posts.at({ collectionId: blog.id, offset }));
      setPosts((before) => (offset === 0 ? page.posts : [...before, ...page.posts]));
      setTotal(page.total);
      setFailure(null);
      setState('success');
    } catch (error) {
      setFailure({ error, offset });
      setState('failed');
    }
  };
  useEffect(() => {
    void load(0);
  }, [blog.id]);
  return (
    <div className="Page">
      <Breadcrumbs items={[{ label: 'Blog posts' }]} />
      <div className="PageHeader">
        <h1>Blog posts</h1>
        <div className="PageHeader-actions">
          {blogs.length > 1 && (
            <label className="Field-inline">
              Blog
              <select value={blog.id} onChange={(event) => onBlog(event.target.value)}>
                {blogs.map((other) => (
                  <option key={other.id} value={other.id}>
                    {other.title}
                  </option>
                ))}
              </select>
            </label>
          )}
          <Link className="Button Button--primary" to={`/config/posts/new?blog=${encodeURIComponent(blog.id)}`}>
            New post
          </Link>
        </div>
      </div>
      <FetchStatus fetched={{ state, error: failure?.error, reload: () => void load(failure?.offset ?? 0) }} />
      <DataTable
        caption={`Posts of ${blog.title}`}
        rows={posts}
        rowKey={(post) => post.id}
        columns={[
          {
            key: 'title',
            label: 'Title',
            primary: true,
            render: (post) => <Link to={`/config/posts/${post.id}`}>{post.title}</Link>,
          },
          {
            key: 'status',
            label: 'Status',
            render: (post) => {
              const label = statusLabel(post.status, post.publishOn);
              return <StatusLabel tone={label.tone}>{label.text}</StatusLabel>;
            },
          },
          { key: 'date', label: 'Publish date', render: (post) => dateText(post.publishOn) },
        ]}
        hasMore={posts.length < total}
        loadingMore={state === 'pending'}
        onLoadMore={() => void load(posts.length)}
        empty={state === 'pending' ? 'Loading…' : 'No posts yet.'}
      />
    </div>
  );
}

function PostScreen({
  id,
  blog,
  session,
  navigate,
}: { id: string; blog: Blog } & Pick<SectionProps, 'session' | 'navigate'>) {
  const fetched = useFetch(api.post.at(id));
  return (
    <Loaded fetched={fetched} loading="Loading the post…">
      {(stored) => <PostEditor stored={stored} session={session} blog={blog} navigate={navigate} />}
    </Loaded>
  );
}

export default function PostsSection({ session, path, navigate }: SectionProps) {
  const listed = useFetch(api.pages.at());
  const blogs = (listed.data?.pages ?? []).filter((page) => page.typeName === 'blog');
  const wanted = new URLSearchParams(location.search).get('blog');
  const blog = blogs.find((one) => one.id === wanted) ?? blogs[0];
  if (listed.data === undefined) return <FetchStatus fetched={listed} loading="Loading…" />;
  if (blog === undefined) return <p className="Console-loading">This site has no blog.</p>;
  const [first] = path;
  if (first === undefined)
    return (
      <PostList blog={blog} blogs={blogs} onBlog={(id) => navigate(`/config/posts?blog=${encodeURIComponent(id)}`)} />
    );
  if (first === 'new')
    return <PostEditor key={first} session={session} stored={null} blog={blog} navigate={navigate} />;
  return <PostScreen key={first} id={first} session={session} blog={blog} navigate={navigate} />;
}
