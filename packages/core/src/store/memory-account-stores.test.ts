import { describeInvitationStoreContract, describeSettingsStoreContract, describeUserStoreContract } from '../testing/account-store-contract.ts';
import { createMemoryInvitationStore, createMemorySettingsStore, createMemoryUserStore } from './memory-account-stores.ts';

describeUserStoreContract('memory', () => createMemoryUserStore());
describeInvitationStoreContract('memory', () => createMemoryInvitationStore());
describeSettingsStoreContract('memory', () => createMemorySettingsStore());
