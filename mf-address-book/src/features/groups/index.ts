// The folder's entry (issue 39: features import shared/, never each other; pages compose features).
export * from './GroupsTab';
