-- The company's criteria when the assistant's proposal began: Save writes only what the conversation changed,
-- so a colleague's or an admin's change made meanwhile is not put back.
ALTER TABLE `matchmaking_chats` ADD `proposal_basis` text;