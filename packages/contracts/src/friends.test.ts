import { describe, expect, it } from 'vitest';
import { addFriendV1Schema, addFriendV2Schema, friendsResponseSchema } from './friends';

const id = '0b8f6c9e-4b1a-4d0e-9d7a-2f1e3c4b5a69';

describe('friends contracts (spec §3, §7)', () => {
  it('the first client adds by friendId, the second by friendToAddId', () => {
    expect(addFriendV1Schema.parse({ friendId: id })).toEqual({ friendId: id });
    expect(addFriendV2Schema.parse({ friendToAddId: id })).toEqual({ friendToAddId: id });
    expect(addFriendV1Schema.safeParse({ friendToAddId: id }).success).toBe(false);
    expect(addFriendV2Schema.safeParse({ friendId: id }).success).toBe(false);
  });

  it.each(['', 'me', 'not-a-uuid', `${id}x`, 42, null])('refuses %j as a friend id', (value) => {
    const v1 = addFriendV1Schema.safeParse({ friendId: value });
    expect(v1.success).toBe(false);
    expect(v1.error?.issues[0]?.message).toBe('friendId must be a user id');
    const v2 = addFriendV2Schema.safeParse({ friendToAddId: value });
    expect(v2.error?.issues[0]?.message).toBe('friendToAddId must be a user id');
  });

  it('the friends list is under friends, each with userId and userName', () => {
    const list = { friends: [{ userId: id, userName: 'Trinity' }] };
    expect(friendsResponseSchema.parse(list)).toEqual(list);
    expect(friendsResponseSchema.safeParse([{ userId: id, userName: 'Trinity' }]).success).toBe(
      false,
    );
    expect(friendsResponseSchema.safeParse({ friends: [{ id, name: 'Trinity' }] }).success).toBe(
      false,
    );
  });
});
