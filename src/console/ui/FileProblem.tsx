/**
 * A file upload or rename that failed once sent (engine spec §8): the spec's title and text
 * (FILE_MESSAGES.uploadFailed, renameFailed), then the reason (`errorMessage` of the failure: 'Network
 * error', the server's refusal); a server fault's generic 'Something went wrong' would add nothing.
 */
import { API_MESSAGES } from './api';

export interface FileProblemText {
  title: string;
  text: string;
}

export function FileProblem({ id, problem, reason }: { id?: string; problem: FileProblemText; reason: string }) {
  return (
    <div id={id} className="FileProblem" role="alert">
      <p className="FileProblem-title">{problem.title}</p>
      <p>{problem.text}</p>
      {reason !== API_MESSAGES.server && <p className="FileProblem-reason">{reason}</p>}
    </div>
  );
}
