/**
 * Who is asking, as every layer below HTTP sees it: the signed-in user of a request or a socket,
 * with the two facts the rules depend on (operator or not, test markets or not).
 */
export interface SessionUser {
  id: number;
  role: 'user' | 'operator';
  testEnabled: boolean;
}
