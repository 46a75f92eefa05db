// The contacts feature's entry; the Contacts tab (pages/address-book) composes it with transfer/.
export * from './ContactsTable';
