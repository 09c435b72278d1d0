// MessageStatus: where a message stands in its state table.
import { builder } from '../builder.ts';
import { upperCaseValues } from '../enums.ts';
import { MESSAGE_STATUSES } from '../../core/domain/message-states.ts';

export const MessageStatus = builder.enumType('MessageStatus', { values: upperCaseValues(MESSAGE_STATUSES) });
