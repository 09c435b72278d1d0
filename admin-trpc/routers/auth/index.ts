// auth: sign in, sign out, who am I.
import { router } from '../../trpc.ts';
import { signIn } from './sign-in.ts';
import { signOut } from './sign-out.ts';
import { me } from './me.ts';

export const authRouter = router({ signIn, signOut, me });
