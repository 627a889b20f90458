-- Hand-written (decision 120): a transcript written before each answer replaced its question's turn held a
-- turn for every answer, re-answers included, and one whose chat was completed was never cut. Each one is
-- cut here as an answer cuts it (models/onboard-chats.server.ts transcriptAfter): each question's last turn,
-- in the order they were given. What the admin reads stays: the current answers are those last turns, the
-- answers counted and the last answer's time (migration 0098's trigger) come out the same, as the last
-- turn stays last; the chat's updated_at is not touched. Only transcripts with a question twice are written.
UPDATE `onboard_chats` SET `transcript` = (
  SELECT json_group_array(json(`kept`.`value`)) FROM (
    SELECT `turns`.`value` FROM (
      SELECT e.`key`, e.`value`,
        row_number() OVER (PARTITION BY json_extract(e.`value`, '$.step') ORDER BY e.`key` DESC) AS `latest`
      FROM json_each(`onboard_chats`.`transcript`) e
    ) `turns`
    WHERE `turns`.`latest` = 1 OR json_extract(`turns`.`value`, '$.step') IS NULL
    ORDER BY `turns`.`key`
  ) `kept`
)
WHERE json_array_length(`transcript`) > (SELECT count(DISTINCT json_extract(e.`value`, '$.step')) FROM json_each(`onboard_chats`.`transcript`) e);
